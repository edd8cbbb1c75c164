const fs=require('fs');const p=JSON.parse(fs.readFileSync(process.argv[2]));const lastSec=Number(process.argv[3]||10);
const byId=new Map(p.nodes.map(n=>[n.id,n]));
// parent map for inclusive
const parent=new Map();for(const n of p.nodes)for(const c of n.children||[])parent.set(c,n.id);
let t=p.startTime;const times=p.timeDeltas.map(d=>t+=d);const end=times[times.length-1];
const self=new Map(),incl=new Map();let total=0;
for(let i=0;i<p.samples.length;i++){if(times[i]<end-lastSec*1e6)continue;const dt=p.timeDeltas[i];let id=p.samples[i];const n=byId.get(id);const f=n.callFrame;
const key=(f.functionName||'(anon)')+' '+(f.url||'').split('/').slice(-2).join('/')+':'+f.lineNumber;self.set(key,(self.get(key)||0)+dt);total+=dt;
const seen=new Set();while(id!==undefined){const m=byId.get(id);const g=m.callFrame;const k=(g.functionName||'(anon)')+' '+(g.url||'').split('/').slice(-2).join('/')+':'+g.lineNumber;if(!seen.has(k)){seen.add(k);incl.set(k,(incl.get(k)||0)+dt)}id=parent.get(id)}}
console.log('total ms',total/1000);
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>(v/1000).toFixed(0)+'ms '+k).join('\n'));
console.log('--- inclusive');console.log([...incl].sort((a,b)=>b[1]-a[1]).slice(0,60).map(([k,v])=>(v/1000).toFixed(0)+'ms '+k).join('\n'));
