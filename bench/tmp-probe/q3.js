const {createDatabase}=require('/work/main/api/dist/db/database.js');
async function time(label,fn,n=400){const a=[];for(let i=0;i<n;i++){const t=process.hrtime.bigint();await fn();a.push(Number(process.hrtime.bigint()-t)/1e6)}a.sort((x,y)=>x-y);console.log(label.padEnd(40),'med',a[n>>1].toFixed(3),'p95',a[Math.floor(n*.95)].toFixed(3))}
(async()=>{
 const db=await createDatabase({dataDir:'/tmp/prof/data'});
 const cte=`ARRAY(WITH RECURSIVE chosen(id) AS (SELECT id FROM categories WHERE lower(id) = lower($1) OR lower(name) = lower($1) UNION SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id) SELECT id FROM chosen)`;
 await time('full current',()=>db.query(`SELECT p.id, count(*) OVER ()::int AS total FROM product_search p WHERE p.category_ids && ${cte} ORDER BY p.seq LIMIT $2 OFFSET $3`,['t-shirts',100,0]));
 await time('cte alone',()=>db.query(`SELECT ${cte} AS ids`,['t-shirts']));
 await time('literal ids + window',()=>db.query(`SELECT p.id, count(*) OVER ()::int AS total FROM product_search p WHERE p.category_ids && $1::text[] ORDER BY p.seq LIMIT $2 OFFSET $3`,[['t-shirts'],100,0]));
 await time('literal ids no window',()=>db.query(`SELECT p.id FROM product_search p WHERE p.category_ids && $1::text[] ORDER BY p.seq LIMIT $2 OFFSET $3`,[['t-shirts'],100,0]));
 await time('SELECT 1',()=>db.query('SELECT 1'));
 await time('SELECT $1',()=>db.query('SELECT $1::text',['x']));
 const r=await db.query(`EXPLAIN (ANALYZE, SUMMARY) SELECT p.id, count(*) OVER ()::int AS total FROM product_search p WHERE p.category_ids && ${cte} ORDER BY p.seq LIMIT $2 OFFSET $3`,['t-shirts',100,0]);
 console.log(r.rows.slice(-2).map(x=>x['QUERY PLAN']).join('\n'));
 const r2=await db.query(`EXPLAIN (ANALYZE, SUMMARY) SELECT ${cte} AS ids`,['t-shirts']);
 console.log(r2.rows.slice(-2).map(x=>x['QUERY PLAN']).join('\n'));
 await db.close();
})();
