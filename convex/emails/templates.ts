// Plain functions returning the subject, text and HTML of each email.
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#004868;margin:0 0 16px">Rafter</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escape(p)}</p>`).join("")}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#004868;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(action.label)}</a></p>
<p style="font-size:13px;color:#52606d;line-height:1.5;margin:0">${escape(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function passwordResetEmail(firstName: string | undefined, url: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const body = "We received a request to reset the password for your Rafter account. This link works once and expires in 1 hour.";
  const footer = "If you didn't ask to reset your password, you can ignore this email; your password stays the same.";
  return {
    subject: "Reset your Rafter password",
    text: `${hello}\n\n${body}\n\nReset your password: ${url}\n\n${footer}\n`,
    html: layout("Reset your password", [hello, body], { label: "Reset password", url }, footer),
  };
}

export function verifyEmailEmail(firstName: string | undefined, url: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const body = "Welcome to Rafter! Please confirm your email address so owners and pros know they can reach you. This link expires in 24 hours.";
  const footer = "If you didn't create a Rafter account, you can ignore this email.";
  return {
    subject: "Confirm your email for Rafter",
    text: `${hello}\n\n${body}\n\nConfirm your email: ${url}\n\n${footer}\n`,
    html: layout("Confirm your email address", [hello, body], { label: "Confirm email", url }, footer),
  };
}

/** Someone tried to sign up with an address that already has an account: tell its owner, not the form. */
export function accountExistsEmail(firstName: string | undefined, loginUrl: string, resetUrl: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const body =
    "Someone tried to create a Rafter account with this email address, but an account already exists for it. You can sign in, or reset your password if you've forgotten it.";
  const footer = "If this wasn't you, you can ignore this email; nothing has changed on your account.";
  return {
    subject: "You already have a Rafter account",
    text: `${hello}\n\n${body}\n\nSign in: ${loginUrl}\nReset your password: ${resetUrl}\n\n${footer}\n`,
    html: layout("You already have an account", [hello, body, `Forgot your password? Reset it at ${resetUrl}`], { label: "Sign in", url: loginUrl }, footer),
  };
}

/** What someone sent through the contact form, to the support inbox (plain: no call-to-action button). */
export function contactMessageEmail(message: {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The sender's account, when they were signed in. */
  userId?: string;
}): EmailContent {
  const from = `${message.name} <${message.email}>`;
  const account = message.userId ? `Signed in as user ${message.userId}` : "Not signed in";
  const rows: [string, string][] = [
    ["From", from],
    ["Subject", message.subject],
    ["Account", account],
  ];
  const text =
    `New message from the Rafter contact form.\n\n` +
    rows.map(([label, value]) => `${label}: ${value}`).join("\n") +
    `\n\n${message.message}\n\nReply to ${message.email} within 24 hours.\n`;
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><p style="font-size:20px;font-weight:bold;color:#004868;margin:0 0 16px">Rafter</p>
<h1 style="font-size:22px;margin:0 0 16px">New contact form message</h1>
${rows.map(([label, value]) => `<p style="font-size:15px;line-height:1.5;margin:0 0 4px"><strong>${escape(label)}:</strong> ${escape(value)}</p>`).join("")}
<div style="font-size:16px;line-height:1.5;margin:16px 0;padding:16px;background:#f4f6f8;border-radius:6px;white-space:pre-wrap">${escape(message.message)}</div>
<p style="font-size:13px;color:#52606d;line-height:1.5;margin:0">Reply to ${escape(message.email)} within 24 hours.</p>
</td></tr></table></td></tr></table></body></html>`;
  // One line: a subject typed with line breaks must not break the email header.
  return { subject: `[Contact] ${message.subject.replace(/\s+/g, " ")}`, text, html };
}

const SETTINGS_NOTE = "You can change which emails you get under Notifications > Email settings.";

/** One notification, emailed right away (preference "email"). */
export function notificationEmail(firstName: string | undefined, title: string, content: string, url: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  return {
    subject: title.replace(/\s+/g, " "),
    text: `${hello}\n\n${content}\n\nOpen Rafter: ${url}\n\n${SETTINGS_NOTE}\n`,
    html: layout(title, [hello, content], { label: "Open Rafter", url }, SETTINGS_NOTE),
  };
}

/** The daily digest of notifications a user chose to get that way. */
export function digestEmail(firstName: string | undefined, items: { title: string; content: string }[], url: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const intro = `Here is what happened on Rafter since your last digest (${items.length} update${items.length === 1 ? "" : "s"}):`;
  const lines = items.map((i) => `${i.title}: ${i.content}`);
  return {
    subject: `Your Rafter daily digest: ${items.length} update${items.length === 1 ? "" : "s"}`,
    text: `${hello}\n\n${intro}\n\n${lines.map((l) => `- ${l}`).join("\n")}\n\nSee them all: ${url}\n\n${SETTINGS_NOTE}\n`,
    html: layout("Your daily digest", [hello, intro, ...lines], { label: "See notifications", url }, SETTINGS_NOTE),
  };
}

/** After a password change made while signed in (settings): a heads-up with the way back if it wasn't them. */
export function passwordChangedEmail(firstName: string | undefined, resetUrl: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const body = "The password for your Rafter account was just changed, and every other device was signed out.";
  const footer = "If you didn't change it, reset your password now with the link above and contact us.";
  return {
    subject: "Your Rafter password was changed",
    text: `${hello}\n\n${body}\n\nReset your password: ${resetUrl}\n\n${footer}\n`,
    html: layout("Your password was changed", [hello, body], { label: "Reset password", url: resetUrl }, footer),
  };
}

export function accountDeletedEmail(firstName: string | undefined, purgeOn: string, loginUrl: string): EmailContent {
  const hello = firstName ? `Hi ${firstName},` : "Hi,";
  const body = `Your Rafter account was deleted and every device was signed out. Your profile, jobs and bids are hidden from other members. On ${purgeOn} your account data will be removed for good.`;
  const footer = "Changed your mind? Sign in before then and your account is restored. If you didn't delete it, sign in and change your password.";
  return {
    subject: "Your Rafter account was deleted",
    text: `${hello}\n\n${body}\n\nSign in to restore it: ${loginUrl}\n\n${footer}\n`,
    html: layout("Your account was deleted", [hello, body], { label: "Sign in to restore it", url: loginUrl }, footer),
  };
}

/** An Enterprise business invited an address that has no Rafter account yet (model/teams.ts). */
export function teamInviteEmail(business: string, signUpUrl: string): EmailContent {
  const body = `${business} invited you to join their team on Rafter, so you can answer quote requests, bid on jobs and message property owners for the business.`;
  const how = "Create your Rafter account with this email address and verify it: the invitation will be waiting under Account, Team invitations.";
  const footer = "If you don't know this business, you can ignore this email; nothing happens unless you accept.";
  return {
    subject: `${business} invited you to their team on Rafter`,
    text: `Hi,\n\n${body}\n\n${how}\n\nCreate your account: ${signUpUrl}\n\n${footer}\n`,
    html: layout("You're invited to a team", ["Hi,", body, how], { label: "Create your account", url: signUpUrl }, footer),
  };
}
