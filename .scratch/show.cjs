const l=require(process.argv[2]); const a=l.audits;
const d=a["largest-contentful-paint-element"].details.items; console.log(d[0].items[0].node.nodeLabel, JSON.stringify(d[1].items));
const nr=a["network-requests"].details.items; for(const r of nr) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.resourceType, r.transferSize, r.priority, r.url.replace(/http:\/\/[^/]+/,""));
const fcp=a["first-contentful-paint"]; console.log('FCP', fcp.numericValue);
