/**
 * "How it works": a landing section (its h2 `title`, named `id`) holding an ordered list of steps, each a number in a
 * brand circle (hidden from screen readers: the list numbers them), its title (h3) and its words. Two columns from
 * 768 px; three steps stand in one row from 768 px, four from 1024 px.
 */
export function NumberedSteps({ id, title, steps }: { id: string; title: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <section className="landing-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className={`landing-list numbered-steps numbered-steps--${steps.length}`}>
        {steps.map((step, index) => (
          <li key={step.title} className="numbered-steps__item">
            <span className="numbered-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
