const {createDatabase}=require('/work/main/api/dist/db/database.js');
const {resolveProductFilter}=require('/work/main/api/dist/routes/products/productFilter.js');
const {listProducts}=require('/work/main/api/dist/routes/products/productQueries.js');
(async()=>{
 const db=await createDatabase(process.env.DATABASE_URL?{databaseUrl:process.env.DATABASE_URL}:{dataDir:'/tmp/prof/data'});
 const orig=db.query; const times={};
 db.query=async(sql,p)=>{const t=process.hrtime.bigint();const r=await orig(sql,p);const d=Number(process.hrtime.bigint()-t)/1e6;const k=sql.slice(0,60).replace(/\s+/g,' ');(times[k]=times[k]||[]).push(d);return r};
 for(let i=0;i<200;i++){const f=await resolveProductFilter(db,{category:'t-shirts'});await listProducts(db,f,{offset:0,limit:100});}
 for(const [k,v] of Object.entries(times)){v.sort((a,b)=>a-b);console.log(k, 'n',v.length,'med',v[v.length>>1].toFixed(2))}
 const f=await resolveProductFilter(db,{category:'t-shirts'});
 // explain
 const {filterConditions,SqlParams,whereClause}=require('/work/main/api/dist/routes/products/productFilter.js');
 db.query=orig;
 const p=new SqlParams();const w=whereClause(filterConditions(f,p));
 const r=await db.query(`EXPLAIN (ANALYZE, SUMMARY) SELECT p.id, count(*) OVER ()::int AS total FROM product_search p ${w} ORDER BY p.seq LIMIT 100`,p.values);
 console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n'));
 await db.close();
})();
