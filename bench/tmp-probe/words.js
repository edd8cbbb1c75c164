const {generateCatalogue}=require('/work/main/api/dist/seed/generateCatalogue.js');
for (const n of [1000,10000,100000]){const c=generateCatalogue(n,1);const prods=c.products||c;const arr=Array.isArray(prods)?prods:prods.products;
const newest=arr.slice(-300);const w=new Set(newest.flatMap(p=>p.name.toLowerCase().split(/\s+/)).filter(x=>x.length>=4));console.log(n,Object.keys(c).slice(0,5),w.size,[...w].slice(0,20).join(' '))}
