import axe from 'axe-core';

/**
 * The accessibility rules axe can judge in jsdom, run on the page as drawn: the names of the violated rules and the
 * elements breaking them (empty when none). Colour contrast needs a real layout (the stories check it in Chromium);
 * landmarks are the site's frame, which these tests leave out.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.html}`));
}
