import { cartUpdateBench } from './cart-bench';
const db = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
console.log(db, await cartUpdateBench(db));
