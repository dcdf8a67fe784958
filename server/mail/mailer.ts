// Sends mail by SMTP when SMTP_URL is set; otherwise writes each message to DATA_DIR/outbox as an .eml file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { newId } from '../db/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** False when messages only land in the outbox, where nobody receives them (no SMTP_URL). */
  delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      delivers: true,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    async send(message) {
      const { message: raw } = await transport.sendMail({ from, ...message });
      // The messages carry invitation links: readable by the server's own user only.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await writeFile(path.join(outboxDir, `${newId()}.eml`), raw as Buffer, { mode: 0o600 });
    },
  };
}
