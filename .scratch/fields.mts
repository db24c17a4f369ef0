import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
const cat = answerCatalog(loadFlowDirectory('flows').flows);
for (const name of process.argv.slice(2)) { const f: any = cat.fields.get(name); console.log(name, JSON.stringify(f ? (f.values ? [...f.values] : f) : null).slice(0, 400)); }
