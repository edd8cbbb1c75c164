const {createDatabase}=require('/work/main/api/dist/db/database.js');
const st=require('/work/main/api/dist/routes/products/searchTerms.js');
const sq=require('/work/main/api/dist/routes/search/suggestQueries.js');
async function time(label,fn,n=300){const a=[];for(let i=0;i<n;i++){const t=process.hrtime.bigint();await fn();a.push(Number(process.hrtime.bigint()-t)/1e6)}a.sort((x,y)=>x-y);console.log(label.padEnd(40),'med',a[n>>1].toFixed(3),'p95',a[Math.floor(n*.95)].toFixed(3))}
(async()=>{
 const db=await createDatabase(process.env.DATA?{dataDir:process.env.DATA}:{dataDir:'/tmp/prof/data'});
 const times={};const orig=db.query.bind(db);
 db.query=async(sql,p)=>{const t=process.hrtime.bigint();const r=await orig(sql,p);const d=Number(process.hrtime.bigint()-t)/1e6;const k=sql.replace(/\s+/g,' ').slice(0,50);(times[k]=times[k]||[]).push(d);return r};
 const q=process.env.Q||'shirt';
 await time('resolveSearchTerms',()=>st.resolveSearchTerms(db,q));
 await time('suggest',()=>sq.suggest(db,q,undefined));
 for(const [k,v] of Object.entries(times)){v.sort((a,b)=>a-b);console.log(k.padEnd(52), 'n',v.length,'med',v[v.length>>1].toFixed(2))}
 await db.close();
})();
