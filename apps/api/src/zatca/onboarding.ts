import { randomUUID } from 'node:crypto';
import {
  type EinvoiceKind,
  type EinvoiceScope,
  type EinvoiceSnapshot,
  FIRST_PREVIOUS_HASH,
  isVatGroupNumber,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { zatcaCredentials } from '../db/schema';
import { AppError } from '../http/errors';
import type { ActorContext } from '../http/request-context';
import { recordActivity } from '../lib/activity';
import { seal } from '../lib/secret-box';
import { sellerProblems } from '../modules/invoice/parties';
import { getSettings } from '../modules/settings/service';
import { activeCredential, sealingKey } from './credentials';
import {
  type CsidAnswer,
  certificateFromToken,
  FatooraUnreachable,
  fatooraClient,
  type ValidationResults,
} from './fatoora-client';
import { createCsr, generateKeyPair, readCertificate, signEinvoice } from './index';

/**
 * Connecting the business to FATOORA: the seller data must be complete; then a new EGS key pair,
 * ZATCA's CSR, the compliance CSID (with the OTP from the FATOORA portal), one compliance check per
 * kind of document the unit issues, and the production CSID. Nothing is stored until all of it
 * succeeded; any failure answers in Arabic and can simply be retried with a new OTP.
 */

const unreachable = () =>
  new AppError(
    502,
    'تعذّر الوصول إلى منصة «فاتورة» الآن. تحقق من اتصال الخادم بالإنترنت وأعد المحاولة بعد قليل.',
  );

const KIND_NAMES = { invoice: 'فاتورة', credit: 'إشعار دائن', debit: 'إشعار مدين' } as const;

export function zatcaMessages(results: ValidationResults | undefined) {
  const list = [...(results?.errorMessages ?? []), ...(results?.warningMessages ?? [])];
  return list.map((m) => ({
    type: String(m.type ?? ''),
    code: String(m.code ?? ''),
    category: m.category ? String(m.category) : undefined,
    message: String(m.message ?? ''),
  }));
}

function complianceSample(
  seller: EinvoiceSnapshot['seller'],
  kind: EinvoiceKind,
  scope: EinvoiceScope,
  n: number,
): EinvoiceSnapshot {
  return {
    kind,
    scope,
    number: `CMP-${n}`,
    uuid: randomUUID(),
    issuedAt: new Date().toISOString(),
    seller,
    buyer:
      scope === 'standard'
        ? { name: 'عميل فحص المطابقة', vatNumber: '399999999800003', crNumber: '', address: seller.address }
        : { name: 'عميل فحص المطابقة', vatNumber: '', crNumber: '', address: null },
    lines: [{ name: 'خدمة فحص', quantity: 1, unitPrice: '100.00', lineTotal: '100.00' }],
    subtotal: '100.00',
    discount: '0.00',
    net: '100.00',
    vatRate: 15,
    vatAmount: '15.00',
    total: '115.00',
    billingReference:
      kind === 'invoice' ? null : { number: 'CMP-1', uuid: randomUUID(), issuedAt: new Date().toISOString() },
    reason: kind === 'invoice' ? '' : 'فحص المطابقة',
    order: { _id: randomUUID(), number: 0 },
    phase: 2,
  };
}

const guard = async <T>(work: () => Promise<T>) => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof FatooraUnreachable) throw unreachable();
    throw err;
  }
};

/** A refused CSID request (compliance or renewal): a wrong or expired OTP, or a refused CSR. */
function csidRefused(answer: { status: number; body: unknown }) {
  const body = (answer.body ?? {}) as { errorCode?: string; errorMessage?: string };
  if (/otp/i.test(`${body.errorCode ?? ''} ${body.errorMessage ?? ''}`))
    return new AppError(
      422,
      'رمز التحقق (OTP) غير صحيح أو انتهت صلاحيته: أنشئ رمزاً جديداً من بوابة «فاتورة» وأدخله خلال ساعة',
      { fieldErrors: { otp: 'رمز التحقق غير صحيح أو منتهي الصلاحية' } },
    );
  return new AppError(422, `رفضت منصة «فاتورة» طلب الشهادة: ${body.errorMessage ?? answer.status}`);
}

async function readySeller(db: Db) {
  const problems = { ...(await sellerProblems(db)), ...csrProblems(await getSettings(db)) };
  if (Object.keys(problems).length) {
    throw new AppError(422, 'أكمل بيانات البائع في الإعدادات قبل الربط بمنصة «فاتورة»', {
      fieldErrors: problems,
    });
  }
  const settings = await getSettings(db);
  return { settings, address: settings.sellerAddress! };
}

type SettingsRow = Awaited<ReturnType<typeof getSettings>>;

/** What the CSR needs beyond the documents' seller data, by field. */
function csrProblems(settings: SettingsRow) {
  const problems: Record<string, string> = {};
  if (isVatGroupNumber(settings.vatNumber) && !/^\d{10}$/.test(settings.vatGroupTin))
    problems.vatGroupTin =
      'الرقم الضريبي لمجموعة ضريبية (رقمه الحادي عشر 1): أدخل رقم التعريف الضريبي للعضو (10 أرقام)، فالشهادة تصدر باسمه';
  if (!settings.businessCategory.trim())
    problems.businessCategory = 'نشاط المنشأة مطلوب لطلب شهادة الربط (مثل: صيانة المباني والتكييف)';
  return problems;
}

/**
 * The CSR's identity (ZATCA's EGS template): the organisation unit is a VAT group member's 10-digit
 * TIN, else the branch's name (the city when none is given); the registered address is the national
 * address; the business category is the one the settings name.
 */
export function egsIdentityOf(settings: SettingsRow) {
  const a = settings.sellerAddress!;
  return {
    commonName: `EGS1-${settings.vatNumber}`,
    vatNumber: settings.vatNumber,
    organizationName: settings.companyName,
    organizationUnit: isVatGroupNumber(settings.vatNumber)
      ? settings.vatGroupTin
      : settings.branchName.trim() || a.city,
    egsSerialNumber: `1-Idara|2-1|3-${randomUUID()}`,
    invoiceTypes: '1100',
    location: `${a.buildingNumber} ${a.street}، ${a.district}، ${a.city} ${a.postalCode}`,
    industry: settings.businessCategory.trim(),
  };
}

/** A new EGS key pair and ZATCA's CSR for it, from the seller data. */
function newIdentity(settings: SettingsRow, config: Config) {
  const keys = generateKeyPair();
  const csr = createCsr(
    {
      ...egsIdentityOf(settings),
      environment: config.ZATCA_ENV,
    },
    keys.privateKeyPem,
  );
  return { keys, csr };
}

/** The new production credential replaces the active one, with its activity row, in one transaction. */
async function storeProduction(
  db: Db,
  config: Config,
  ctx: ActorContext,
  privateKeyPem: string,
  csid: CsidAnswer,
  summary: (notAfter: string) => string,
) {
  const key = sealingKey();
  const certificatePem = certificateFromToken(csid.binarySecurityToken);
  const info = readCertificate(certificatePem);
  return db.transaction(async (tx) => {
    await tx
      .update(zatcaCredentials)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(zatcaCredentials.active, true));
    const [row] = await tx
      .insert(zatcaCredentials)
      .values({
        kind: 'production',
        environment: config.ZATCA_ENV,
        privateKey: seal(key, privateKeyPem),
        certificate: certificatePem,
        secret: seal(key, csid.secret),
        requestId: String(csid.requestID),
        expiresAt: info.notAfter,
        active: true,
        createdBy: ctx.actorId,
      })
      .returning({
        _id: zatcaCredentials._id,
        environment: zatcaCredentials.environment,
        expiresAt: zatcaCredentials.expiresAt,
      });
    await recordActivity(tx, ctx, {
      action: 'create',
      entity: 'einvoicing',
      entityId: row._id,
      summary: summary(info.notAfter.toISOString().slice(0, 10)),
    });
    return { ...row, serialNumber: info.serialNumber, issuer: info.issuer };
  });
}

export async function onboard(db: Db, config: Config, otp: string, ctx: ActorContext) {
  const { settings, address } = await readySeller(db);
  // Before any call: on PostgreSQL without IDARA_SECRET_KEY nothing could be stored.
  sealingKey();
  const { keys, csr } = newIdentity(settings, config);
  const client = fatooraClient(config);

  const compliance = await guard(() => client.complianceCsid(csr, otp));
  if (compliance.status >= 500) throw unreachable();
  if (compliance.status !== 200) throw csidRefused(compliance);
  const complianceCsid = compliance.body as CsidAnswer;
  const complianceCreds = {
    binarySecurityToken: complianceCsid.binarySecurityToken,
    secret: complianceCsid.secret,
  };
  const complianceCert = certificateFromToken(complianceCsid.binarySecurityToken);

  // One compliance check per kind of document this unit issues, chained as real ones are.
  const seller = {
    name: settings.companyName,
    vatNumber: settings.vatNumber,
    crNumber: settings.crNumber,
    address,
  };
  let previousHash = FIRST_PREVIOUS_HASH;
  let icv = 0;
  for (const scope of ['standard', 'simplified'] as const) {
    for (const kind of ['invoice', 'credit', 'debit'] as const) {
      icv++;
      const snapshot = complianceSample(seller, kind, scope, icv);
      const signed = signEinvoice(
        snapshot,
        { icv, previousHash },
        { privateKeyPem: keys.privateKeyPem, certificatePem: complianceCert },
      );
      const answer = await guard(() =>
        client.complianceCheck(complianceCreds, {
          invoiceHash: signed.hash,
          uuid: snapshot.uuid,
          invoice: Buffer.from(signed.xml).toString('base64'),
        }),
      );
      if (answer.status >= 500) throw unreachable();
      if (answer.status !== 200 && answer.status !== 202) {
        const messages = zatcaMessages(answer.body.validationResults);
        throw new AppError(
          422,
          `لم تجتز وثيقة الفحص (${scope === 'standard' ? 'ضريبية' : 'مبسطة'}، ${KIND_NAMES[kind]}) فحص المطابقة: ${messages.map((m) => `${m.code}: ${m.message}`).join('؛ ') || answer.status}`,
        );
      }
      previousHash = signed.hash;
    }
  }

  const production = await guard(() =>
    client.productionCsid(complianceCreds, String(complianceCsid.requestID)),
  );
  if (production.status >= 500) throw unreachable();
  if (production.status !== 200)
    throw new AppError(422, 'رفضت منصة «فاتورة» إصدار شهادة الإنتاج: أعد الربط برمز تحقق جديد');
  return storeProduction(
    db,
    config,
    ctx,
    keys.privateKeyPem,
    production.body as CsidAnswer,
    (notAfter) => `ربط المنشأة بمنصة «فاتورة» (${config.ZATCA_ENV}) — شهادة الإنتاج حتى ${notAfter}`,
  );
}

/**
 * Renewing the production CSID before it expires: a new key pair and CSR, authenticated by the
 * current production CSID, with a new OTP. The old credential stays active until the new one is
 * stored. A certificate already expired or revoked cannot authenticate: connect again instead.
 */
export async function renew(db: Db, config: Config, otp: string, ctx: ActorContext) {
  const current = await activeCredential(db);
  if (current.kind !== 'production' || !current.binarySecurityToken || !current.secret)
    throw new AppError(409, 'المنشأة غير مرتبطة بمنصة «فاتورة» بعد: اربطها أولاً برمز التحقق', {
      code: 'not_connected',
    });
  const { settings } = await readySeller(db);
  const { keys, csr } = newIdentity(settings, config);
  const answer = await guard(() =>
    fatooraClient(config).renewProductionCsid(
      { binarySecurityToken: current.binarySecurityToken!, secret: current.secret! },
      csr,
      otp,
    ),
  );
  if (answer.status >= 500) throw unreachable();
  if (answer.status === 401)
    throw new AppError(
      409,
      'رفضت منصة «فاتورة» الشهادة الحالية (منتهية أو ملغاة)، فلا يمكن تجديدها: أعد الربط من جديد برمز تحقق جديد',
      { code: 'reconnect' },
    );
  if (answer.status !== 200) throw csidRefused(answer);
  return storeProduction(
    db,
    config,
    ctx,
    keys.privateKeyPem,
    answer.body as CsidAnswer,
    (notAfter) => `تجديد شهادة «فاتورة» (${config.ZATCA_ENV}) — سارية حتى ${notAfter}`,
  );
}
