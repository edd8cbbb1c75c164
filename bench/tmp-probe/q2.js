const {createDatabase}=require('/work/main/api/dist/db/database.js');
const pf=require('/work/main/api/dist/routes/products/productFilter.js');
async function time(db,label,fn,n=300){const a=[];for(let i=0;i<n;i++){const t=process.hrtime.bigint();await fn();a.push(Number(process.hrtime.bigint()-t)/1e6)}a.sort((x,y)=>x-y);console.log(label,'med',a[n>>1].toFixed(3),'p95',a[Math.floor(n*.95)].toFixed(3))}
(async()=>{
 const db=await createDatabase(process.env.DATABASE_URL?{databaseUrl:process.env.DATABASE_URL}:{dataDir:'/tmp/prof/data'});
 const f=await pf.resolveProductFilter(db,{category:'t-shirts'});
 const p=new pf.SqlParams();const w=pf.whereClause(pf.filterConditions(f,p));
 const idsSql=`SELECT p.id, count(*) OVER ()::int AS total FROM product_search p ${w} ORDER BY p.seq LIMIT 100`;
 await time(db,'ids',()=>db.query(idsSql,p.values));
 await time(db,'SELECT 1',()=>db.query('SELECT 1'));
 await time(db,'SELECT 1 tx',()=>db.transaction(tx=>tx.query('SELECT 1')));
 const ids=(await db.query(idsSql,p.values)).rows.map(r=>r.id);
 await time(db,'ids by simple',()=>db.query(`SELECT p.id FROM product_search p WHERE category_ids && ARRAY['t-shirts'] ORDER BY seq`));
 if(db.kind==='pglite'){ try{ await db.exec(`PREPARE lst(text) AS ${idsSql.replace('$1','$1')}`); await time(db,'EXECUTE param',()=>db.query('EXECUTE lst($1)',['t-shirts'])); }catch(e){console.log('prepare err',e.message)} }
 await db.close();
})();
