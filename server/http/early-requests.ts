/**
 * @module server/http/early-requests: the API reads a page's first paint waits for, started by the page itself as its
 * HTML is parsed, before the app's code has arrived. A checkout step draws only once it has the session's account and
 * addresses, the cart and a customer's saved payment methods (the flags come in the page itself: serve-web-app.ts
 * `flagsTag`); asked by the app, those calls would leave
 * only after its scripts had loaded and run (a whole round trip later on a phone). A small inline script (admitted by
 * the page's CSP nonce) sends them at once with the stored session's token, and leaves each reply for the API client
 * (api/client/early-responses.ts), which takes it for its first call of the same URL with the same token, once, within
 * a few seconds; otherwise it asks as usual. Nothing of the request reaches the script: it sends fixed same-origin
 * URLs, chosen here by the route's category alone.
 * A help-centre page (/faq and below) draws from the knowledge base's three lists, which need no session: they leave
 * with the page as well, without a token.
 */

/** How long a reply waits for the app to take it: a page's first load, not a later visit's. */
export const EARLY_REPLY_TTL_MS = 10_000;

/** A checkout step page (/checkout/haircare/payment): not the cart page, whose cart call carries the shopper's query. */
const CHECKOUT_STEP = /^\/checkout\/(haircare|skincare)\/[a-z-]+\/?$/;

/** A read the page sends early: `any`: with the user's or the guest's token; `customer`: only a signed-in user's; `none`: without one. */
interface EarlyCall {
  url: string;
  auth: 'any' | 'customer' | 'none';
}

/** The calls of a checkout step's first paint, as the API client writes their URLs. */
function checkoutCalls(category: string): EarlyCall[] {
  return [
    { url: '/v1/account/', auth: 'any' },
    { url: '/v1/account/addresses', auth: 'any' },
    { url: `/v1/account/cart/?category=${category}`, auth: 'any' },
    { url: '/v1/account/payments/?payment_mode=all', auth: 'customer' },
  ];
}

/** A help-centre page: /faq, a topic, a search, an article, contact us. */
const HELP_PAGE = /^\/faq(\/[^?#]*)?$/;

/** Every help-centre page loads the categories, the articles and the tags (spec 001 §7 Help centre, §9 page sizes), as the API client writes them. */
const HELP_CALLS: EarlyCall[] = [
  { url: '/v1/knowledge_base/categories?page=1&pageSize=100', auth: 'none' },
  { url: '/v1/knowledge_base/articles?page=1&pageSize=250&includeLang=en_us', auth: 'none' },
  { url: '/v1/knowledge_base/tags?page=1&pageSize=100', auth: 'none' },
];

/**
 * The script, with the calls as data. It uses the user's token, else the guest's (as the API client does), and sends no
 * token call when the token expires within 30 s (the client would refresh it first, and not take the reply).
 */
const SCRIPT = (calls: string, ttl: number) =>
  `(()=>{try{const E={},W=${calls},r=k=>{try{const p=JSON.parse(localStorage.getItem(k)||"null");return p&&typeof p.access=="string"?p.access:null}catch{return null}},` +
  `u=r("shop.tokens.user"),a=u||r("shop.tokens.guest");let t=a;if(t){try{const s=t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/");` +
  `const x=JSON.parse(atob(s.padEnd(Math.ceil(s.length/4)*4,"="))).exp;if(typeof x=="number"&&x*1e3-Date.now()<=3e4)t=null}catch{}}` +
  `for(const c of W){const n=c.auth=="none",b=n?null:c.auth=="customer"?(u&&t):t;if(!b&&!n)continue;` +
  `const h={Accept:"application/json"};if(b)h.Authorization="Bearer "+b;` +
  `E[c.url]={bearer:b,until:Date.now()+${ttl},response:fetch(c.url,{headers:h,credentials:"include"})}}window.__shopEarly=E}catch{}})()`;

/** The inline script for a page at `requestPath`, with the response's CSP nonce; '' for a page that has none. */
export function earlyRequestsTag(requestPath: string, nonce: string): string {
  const match = requestPath.match(CHECKOUT_STEP);
  const calls = match ? checkoutCalls(match[1]!) : HELP_PAGE.test(requestPath) ? HELP_CALLS : null;
  if (!calls) return '';
  return `<script nonce="${nonce}">${SCRIPT(JSON.stringify(calls), EARLY_REPLY_TTL_MS)}</script>`;
}
