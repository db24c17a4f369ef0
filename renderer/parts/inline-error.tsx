/** An error shown where it happened, announced at once. */
export function InlineError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="inline-error" role="alert">
      {message}
    </p>
  );
}
