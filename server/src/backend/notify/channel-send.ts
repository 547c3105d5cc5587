import nodemailer, { type Transporter } from 'nodemailer';
import { NotifyMessages } from '@pest/shared';
import type { ChannelTarget } from './channels.ts';
import { postJson, receiverTimedOut, type SendResult } from './http-send.ts';
import { dingTalkMessage, emailMessage, webhookBody, wecomMessage, type Notice } from './messages.ts';
import type { AllowedHosts } from '../common/outbound-guard.ts';
import type { SecretBox } from '../common/secret-box.ts';
import { signedDingTalkUrl, webhookSignature } from './signing.ts';

export interface ChannelSenderOptions {
  box: SecretBox;
  allowedHosts: AllowedHosts;
  /** How long a send may take, unless the call says less. */
  timeoutMs: number;
  smtpUrl: string | null;
  smtpFrom: string;
  now: () => number;
}

/** One delivery's identity: the receiver can drop a repeat of the same key (a retry after a crash). */
export interface DeliveryIdentity {
  id: string;
  idempotencyKey: string;
}

/** Sends a notice; `timeoutMs` bounds the whole send (发送测试 must answer within its request's deadline). */
export type ChannelSender = (channel: ChannelTarget, notice: Notice, delivery: DeliveryIdentity, timeoutMs?: number) => Promise<SendResult>;

/** The robots answer 200 with `errcode` 0 on success and a non-zero errcode (rate limit, bad key) otherwise. */
function robotAnswer(result: SendResult): SendResult {
  if (!result.ok) return result;
  try {
    const { errcode } = JSON.parse(result.detail) as { errcode?: number };
    return errcode === 0 ? result : { ...result, ok: false };
  } catch {
    return { ...result, ok: false };
  }
}

/** The mail's outcome, or a timeout once `timeoutMs` has passed; a late answer is not waited for. */
function withinTime(sending: Promise<SendResult>, timeoutMs: number): Promise<SendResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<SendResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, status: null, detail: receiverTimedOut(timeoutMs) }), timeoutMs);
  });
  return Promise.race([sending, late]).finally(() => clearTimeout(timer));
}

export function createChannelSender(options: ChannelSenderOptions): { send: ChannelSender; close(): void } {
  let mailer: Transporter | null = null;
  const secretOf = (channel: ChannelTarget) => (channel.sealedSecret ? options.box.open(channel.sealedSecret) : null);

  const send: ChannelSender = async (channel, notice, delivery, timeoutMs = options.timeoutMs) => {
    const http = { allowedHosts: options.allowedHosts, timeoutMs };
    switch (channel.type) {
      case 'wecom':
        return robotAnswer(await postJson(channel.url!, JSON.stringify(wecomMessage(notice)), {}, http));
      case 'dingtalk': {
        const url = signedDingTalkUrl(channel.url!, secretOf(channel), options.now());
        return robotAnswer(await postJson(url, JSON.stringify(dingTalkMessage(notice)), {}, http));
      }
      case 'webhook': {
        const body = JSON.stringify(webhookBody(notice, delivery.id));
        const timestamp = options.now();
        const secret = secretOf(channel);
        const headers: Record<string, string> = { 'x-timestamp': String(timestamp), 'idempotency-key': delivery.idempotencyKey };
        if (secret) headers['x-signature'] = webhookSignature(secret, timestamp, body);
        return postJson(channel.url!, body, headers, http);
      }
      case 'email': {
        if (!options.smtpUrl) return { ok: false, status: null, detail: NotifyMessages.emailNotConfigured };
        mailer ??= nodemailer.createTransport({
          url: options.smtpUrl,
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
        });
        const mail = emailMessage(notice);
        const sending = mailer
          .sendMail({
            from: options.smtpFrom,
            to: channel.recipients,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: { 'X-Idempotency-Key': delivery.idempotencyKey },
          })
          .then(
            (info): SendResult => ({ ok: true, status: null, detail: String(info.response).slice(0, 500) }),
            (error: unknown): SendResult => ({ ok: false, status: null, detail: `SMTP: ${(error as Error).message}`.slice(0, 500) }),
          );
        return withinTime(sending, timeoutMs);
      }
    }
  };
  return { send, close: () => mailer?.close() };
}
