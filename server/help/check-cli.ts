/**
 * `npm run help:check`: checks the knowledge base (shop/help/content/: categories.yaml, tags.yaml, articles/*.md) and
 * prints every problem at file:line:column with a "did you mean"; the server refuses to start on the same problems.
 */
import { formatKbProblems, readKnowledgeBase } from './check/read-knowledge-base';

const { knowledgeBase, problems, texts } = readKnowledgeBase();
if (!knowledgeBase) {
  console.error(formatKbProblems(problems, texts));
  console.error(`\n${problems.length} problem(s) in the knowledge base.`);
  process.exit(1);
}
const shown = knowledgeBase.articles.filter((a) => !a.deleted && a.status === 'published').length;
console.log(
  `The knowledge base is sound: ${knowledgeBase.categories.length} categories, ${knowledgeBase.tags.length} tags, ${knowledgeBase.articles.length} articles (${shown} published).`,
);
