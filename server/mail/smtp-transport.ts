import nodemailer from 'nodemailer';

/** A finished message as handed to a mail server. */
export interface MailEnvelope {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Something that delivers a message or throws. */
export interface MailTransport {
  send(message: MailEnvelope): Promise<void>;
  close(): void;
}

/** Delivery over SMTP to SMTP_URL (e.g. smtp://user:pass@mail.example.com:587, smtps://... for TLS). */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async (message) => {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
