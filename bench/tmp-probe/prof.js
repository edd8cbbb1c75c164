const fs=require('fs');const p=JSON.parse(fs.readFileSync(process.argv[2]));
const byId=new Map(p.nodes.map(n=>[n.id,n]));const self=new Map();
const dt=p.timeDeltas;let total=0;
for(let i=0;i<p.samples.length;i++){const n=byId.get(p.samples[i]);const f=n.callFrame;const key=(f.functionName||'(anon)')+' '+(f.url||'').split('/').slice(-2).join('/')+':'+f.lineNumber;self.set(key,(self.get(key)||0)+dt[i]);total+=dt[i];}
const byFile=new Map();for(const [k,v] of self){const file=k.split(' ')[1].split(':')[0];byFile.set(file,(byFile.get(file)||0)+v)}
console.log('total ms',total/1000);
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>(v/1000).toFixed(0)+'ms '+k).join('\n'));
console.log('--- by file');console.log([...byFile].sort((a,b)=>b[1]-a[1]).slice(0,15).map(([k,v])=>(v/1000).toFixed(0)+'ms '+k).join('\n'));
