/**
 * The country the shop prices in (spec 001 §9 Countries: CA pays in CAD, everyone else in USD), as the shopper chose
 * it in the footer, kept on the device. Without a choice it is read from the browser's language (en-CA, fr-CA -> CA);
 * anything else is US. An order's currency follows its shipping address on the server whatever is chosen here.
 */
export type ShopCountry = 'US' | 'CA';

const key = 'shop.country';

export function chosenCountry(): ShopCountry | null {
  try {
    const value = localStorage.getItem(key);
    return value === 'US' || value === 'CA' ? value : null;
  } catch {
    return null;
  }
}

export function shopperCountry(language = typeof navigator === 'undefined' ? '' : navigator.language): ShopCountry {
  return chosenCountry() ?? (/-CA$/i.test(language) ? 'CA' : 'US');
}

/** Keeps the shopper's choice (the footer's country menu); the page then reloads its prices. */
export function chooseCountry(country: ShopCountry): void {
  try {
    localStorage.setItem(key, country);
  } catch {
    // storage blocked: the choice lasts this page only
  }
}
