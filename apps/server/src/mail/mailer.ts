import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML; with it the message is multipart/alternative (text first). */
  html?: string;
  from?: string;
  /**
   * The message's own key (an outbox row's): sending it again replaces the first copy instead of
   * adding a second one, and it becomes the Message-ID that mail servers drop duplicates by.
   */
  id?: string;
}

export interface MailAdapter {
  send(message: MailMessage): Promise<void>;
}

const encodeHeader = (value: string) =>
  // eslint-disable-next-line no-control-regex
  /^[\x00-\x7f]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;

/** A text and an HTML part of one message; mail clients show the richest part they can. */
function multipartAlternative(headers: string[], text: string, html: string): string {
  const boundary = `leerpad-${randomUUID()}`;
  const part = (type: string, content: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: 8bit',
      '',
      content.replace(/\r?\n/g, '\r\n'),
    ].join('\r\n');
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', text),
    part('text/html', html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const safeName = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200);

/** Local default: each message becomes an .eml file under <data dir>/mail, readable by any mail client. */
export function fileMailer(dataDir: string): MailAdapter {
  const directory = join(dataDir, 'mail');
  return {
    async send(message) {
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const headers = [
        `From: ${message.from ?? 'Leerpad <no-reply@leerpad.local>'}`,
        `To: ${message.to.replace(/[\r\n]/g, '')}`,
        `Subject: ${encodeHeader(message.subject.replace(/[\r\n]/g, ' '))}`,
        `Date: ${new Date().toUTCString()}`,
        ...(message.id ? [`Message-ID: <${safeName(message.id)}@leerpad.local>`] : []),
        'MIME-Version: 1.0',
      ];
      const body = message.html
        ? multipartAlternative(headers, message.text, message.html)
        : [
            ...headers,
            'Content-Type: text/plain; charset=utf-8',
            'Content-Transfer-Encoding: 8bit',
            '',
            message.text,
            '',
          ].join('\r\n');
      if (!message.id) {
        await writeFile(join(directory, `${stamp}-${randomUUID()}.eml`), body, 'utf8');
        return;
      }
      // Written whole under its key's name: a second hand-off of the same message replaces the first.
      const file = join(directory, `${safeName(message.id)}.eml`);
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, body, 'utf8');
      await rename(partial, file);
    },
  };
}
