import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  from?: string;
}

export interface MailAdapter {
  send(message: MailMessage): Promise<void>;
}

const encodeHeader = (value: string) =>
  // eslint-disable-next-line no-control-regex
  /^[\x00-\x7f]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;

/** Local default: each message becomes an .eml file under <data dir>/mail, readable by any mail client. */
export function fileMailer(dataDir: string): MailAdapter {
  const directory = join(dataDir, 'mail');
  return {
    async send(message) {
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const body = [
        `From: ${message.from ?? 'Leerpad <no-reply@leerpad.local>'}`,
        `To: ${message.to.replace(/[\r\n]/g, '')}`,
        `Subject: ${encodeHeader(message.subject.replace(/[\r\n]/g, ' '))}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        message.text,
        '',
      ].join('\r\n');
      await writeFile(join(directory, `${stamp}-${randomUUID()}.eml`), body, 'utf8');
    },
  };
}
