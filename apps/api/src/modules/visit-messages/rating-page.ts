import { arabicPlural, CHARACTERS, ratingButtonTitles } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { customers, visitRatings, visits } from '../../db/schema';
import { escapeHtml as e } from '../../http/pdf';
import { getSettings } from '../settings/service';
import { readRatingToken } from './links';
import { COMMENT_MAX, recordRating } from './ratings';

/** The page's look: the app's colours, right to left, a phone first, light and dark. */
const css = `
  :root{color-scheme:light dark;--bg:#f4f6f9;--card:#fff;--text:#1a1b1e;--muted:#5c5f66;--line:#dee2e6;--accent:#1c7ed6;--ok:#2f9e44;--bad:#e03131}
  @media (prefers-color-scheme:dark){:root{--bg:#141517;--card:#1f2023;--text:#e9ecef;--muted:#a6a7ab;--line:#373a40;--accent:#4dabf7;--ok:#69db7c;--bad:#ff8787}}
  *{box-sizing:border-box} body{margin:0;background:var(--bg);color:var(--text);font:16px/1.6 system-ui,"Noto Naskh Arabic","Noto Sans Arabic",Tahoma,sans-serif}
  main{max-width:480px;margin:0 auto;padding:24px 16px}
  .card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:20px}
  h1{font-size:1.3rem;margin:0 0 4px} p{margin:8px 0} .muted{color:var(--muted);font-size:.9rem}
  fieldset{border:0;padding:0;margin:16px 0} legend{font-weight:600;margin-bottom:8px}
  .scores{position:relative;display:grid;grid-template-columns:repeat(5,1fr);gap:6px}
  .scores label{display:flex;flex-direction:column;align-items:center;gap:2px;border:1px solid var(--line);border-radius:10px;padding:10px 2px;cursor:pointer;text-align:center;font-size:.75rem;min-height:64px}
  .scores label b{font-size:1.3rem} .scores input{position:absolute;opacity:0;width:1px;height:1px}
  .scores input:checked+label{border-color:var(--accent);outline:2px solid var(--accent);background:color-mix(in srgb,var(--accent) 12%,transparent)}
  .scores input:focus-visible+label{outline:3px solid var(--accent);outline-offset:2px}
  textarea{width:100%;min-height:96px;border:1px solid var(--line);border-radius:8px;padding:8px;background:transparent;color:inherit;font:inherit}
  button{width:100%;margin-top:12px;border:0;border-radius:8px;padding:12px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
  .error{color:var(--bad);font-weight:600} .done{color:var(--ok);font-weight:600;font-size:1.1rem}
`;

function page(title: string, body: string) {
  return `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title><style>${css}</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

const send = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(page(title, body));

interface Shown {
  company: string;
  visitNumber: number;
  customerName: string;
  rating: typeof visitRatings.$inferSelect | null;
}

function form(token: string, shown: Shown, error = '', values: { score?: number; comment?: string } = {}) {
  const rated = shown.rating;
  const scores = [5, 4, 3, 2, 1]
    .map(
      (n) =>
        `<input type="radio" name="score" id="s${n}" value="${n}"${values.score === n ? ' checked' : ''} required><label for="s${n}"><b>${n}</b>${e(ratingButtonTitles[n].replace(/^\d\s*/, ''))}</label>`,
    )
    .join('');
  return `<h1>${rated ? 'أضف تعليقك على الزيارة' : 'قيّم زيارتنا'}</h1>
  <p class="muted">الزيارة رقم ${shown.visitNumber} — ${e(shown.customerName)}</p>
  ${error ? `<p class="error" role="alert">${e(error)}</p>` : ''}
  <form method="post" action="/rate/${e(token)}">
  ${rated ? `<p>تقييمك: <b>${rated.score} من 5</b></p>` : `<fieldset><legend>ما تقييمك من 1 إلى 5؟</legend><div class="scores">${scores}</div></fieldset>`}
  <label for="comment">${rated ? 'تعليقك' : 'تعليقك (اختياري)'}</label>
  <textarea id="comment" name="comment" maxlength="${COMMENT_MAX}"${rated ? ' required' : ''}>${e(values.comment ?? '')}</textarea>
  <button type="submit">${rated ? 'إرسال التعليق' : 'إرسال التقييم'}</button></form>`;
}

const thanks = (shown: Shown) =>
  `<h1>شكراً لك</h1><p class="done">سجّلنا تقييمك ${shown.rating?.score} من 5 للزيارة رقم ${shown.visitNumber}.</p>${
    shown.rating?.comment ? `<p class="muted">تعليقك: ${e(shown.rating.comment)}</p>` : ''
  }<p class="muted">رأيك يساعد ${e(shown.company)} على خدمتك بشكل أفضل.</p>`;

/**
 * The customer's rating page (`/rate/:token`, no account: the token is the signed link their
 * rating request carried). Server-drawn, a form that works without JavaScript: a score 1–5 once,
 * and a comment with it, or added once afterwards; expired or foreign tokens are told in Arabic.
 */
export async function ratingPageRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The visit the token names, or the page telling why it does not open. */
  async function open(reply: FastifyReply, token: string) {
    const visitId = await readRatingToken(app.db, token);
    if (visitId === 'expired') {
      await send(
        reply,
        410,
        'انتهت صلاحية الرابط',
        '<h1>انتهت صلاحية رابط التقييم</h1><p>يبقى رابط التقييم صالحاً مدة محدودة. شكراً لاهتمامك، ويسعدنا سماع رأيك بالرد على رسالتنا.</p>',
      );
      return null;
    }
    const [row] = visitId
      ? await app.db
          .select({ number: visits.number, status: visits.status, customerName: customers.name })
          .from(visits)
          .innerJoin(customers, eq(customers._id, visits.customer))
          .where(eq(visits._id, visitId))
      : [];
    if (!visitId || !row) {
      await send(
        reply,
        404,
        'الرابط غير صحيح',
        '<h1>رابط التقييم غير صحيح</h1><p>تأكد من فتح الرابط كما وصلك في رسالة واتساب.</p>',
      );
      return null;
    }
    const [rating] = await app.db.select().from(visitRatings).where(eq(visitRatings.visit, visitId));
    const company = (await getSettings(app.db)).companyName || 'فريقنا';
    return {
      visitId,
      shown: { company, visitNumber: row.number, customerName: row.customerName, rating: rating ?? null },
    };
  }

  app.get('/rate/:token', async (req, reply) => {
    const { token } = req.params as { token: string };
    const opened = await open(reply, token);
    if (!opened) return reply;
    const { shown } = opened;
    if (shown.rating?.comment) return send(reply, 200, 'شكراً لتقييمك', thanks(shown));
    // Rated by a button or without a comment: thanked, and the comment may follow once.
    if (shown.rating) return send(reply, 200, 'شكراً لتقييمك', `${thanks(shown)}<hr>${form(token, shown)}`);
    return send(reply, 200, 'تقييم الزيارة', form(token, shown));
  });

  app.post('/rate/:token', async (req, reply) => {
    const { token } = req.params as { token: string };
    const opened = await open(reply, token);
    if (!opened) return reply;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const score = Number(body.score);
    const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
    const values = { score, comment };
    const refuse = (message: string) =>
      send(reply, 422, 'تقييم الزيارة', form(token, opened.shown, message, values));
    if (!opened.shown.rating && !(Number.isInteger(score) && score >= 1 && score <= 5))
      return refuse('اختر تقييماً من 1 إلى 5');
    if (comment.length > COMMENT_MAX)
      return refuse(`التعليق أطول من ${arabicPlural(COMMENT_MAX, CHARACTERS)}`);
    if (opened.shown.rating && !comment) return refuse('اكتب تعليقك قبل الإرسال');
    const result = await recordRating(app.db, {
      visitId: opened.visitId,
      score: opened.shown.rating ? undefined : score,
      comment,
      channel: 'link',
    });
    if (result.outcome === 'not_done')
      return send(
        reply,
        409,
        'تقييم الزيارة',
        '<h1>لم تُنجز الزيارة بعد</h1><p>يمكنك تقييمها بعد إنجازها.</p>',
      );
    // Post, then show: a reload does not send the form again.
    return reply
      .status(303)
      .header('location', `/rate/${encodeURIComponent(token)}`)
      .send();
  });
}
