import type { HelpCentreApi } from '../../shop/help/help-centre-machine.ts';
import { loadAppServices } from '../app-services.ts';

/**
 * The help centre's calls through the app's one API client (spec 001 §7 "Help centre"; §9's page sizes and en_us are
 * the client's defaults), loaded with the first call rather than with the page.
 */
export function createAppHelpApi(services = loadAppServices): HelpCentreApi {
  return {
    categories: async () => (await services()).api.listKbCategories(),
    articles: async () => (await services()).api.listKbArticles(),
    tags: async () => (await services()).api.listKbTags(),
    search: async (term) => (await services()).api.searchKb(term),
    sendInquiry: async (request) => (await services()).api.sendKbInquiry(request),
  };
}
