/**
 * @module shop/catalog/money: money as the shopper reads it, for the shop's pages. The formatter is declared once,
 * in api/money.ts, with the currencies, for the pages and the mail alike; this module is where the pages import it.
 */
export { formatMoney } from '#api/money';
