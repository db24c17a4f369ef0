import '../styles/terms-notice.css';

/** The terms a visitor accepts by submitting a sign-up form, with the links of spec 000 §2.1 and §2.7. */
export function TermsNotice({ text }: { text: string }) {
  return (
    <p className="terms-notice">
      {text.replace(/\s*(…|\.\.\.)\s*$/, '')} <a href="/terms">End User License and Terms of Service</a> and <a href="/privacy">Privacy Policy</a>.
    </p>
  );
}

/** The sign-in step's terms sentence, naming the button the visitor presses instead of the step's "NEXT". */
export function termsFor(button: string, text = "By clicking 'NEXT' I acknowledge I have read and agree to the"): string {
  return text.replace(/'[^']*'/, `'${button.toUpperCase()}'`);
}
