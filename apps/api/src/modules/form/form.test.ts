import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

let employee: { token: string; user: { _id: string } };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = t.admin) =>
  t.inject({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const inspection = {
  title: 'فحص مكيف',
  description: 'يعبأ عند كل زيارة',
  fields: [
    { key: 'state', type: 'select', label: 'حالة المكيف', required: true, options: ['جيد', 'يحتاج صيانة'] },
    { key: 'notes', type: 'textarea', label: 'ملاحظات' },
  ],
};

const t = useTestApp();
beforeAll(async () => {
  employee = await t.userWith('technician');
});

describe('forms', () => {
  it('creates a form as version 1, logged, and refuses bad definitions field by field', async () => {
    const res = await req('POST', '/api/form', inspection);
    expect(res.statusCode).toBe(201);
    const form = res.json();
    expect(form).toMatchObject({
      title: 'فحص مكيف',
      version: 1,
      fieldCount: 2,
      active: true,
      submissionCount: 0,
    });
    expect(form.fields[0]).toMatchObject({ key: 'state', options: ['جيد', 'يحتاج صيانة'], min: null });
    const logged = await t.db.select().from(activity).where(eq(activity.entityId, form._id));
    expect(logged[0].summary).toBe('إضافة النموذج «فحص مكيف»');

    const bad = await req('POST', '/api/form', {
      title: 'نموذج',
      fields: [
        { key: 'a', type: 'text', label: 'أ' },
        { key: 'a', type: 'radio', label: 'ب' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fieldErrors).toMatchObject({
      'fields.1.key': 'المفتاح «a» مكرر',
      'fields.1.options': 'أضف خياراً واحداً على الأقل',
    });
  });

  it('is guarded by forms permissions on the server', async () => {
    expect((await req('GET', '/api/form', undefined, employee.token)).statusCode).toBe(403);
    expect((await req('POST', '/api/form', inspection, employee.token)).statusCode).toBe(403);
  });

  it('lists with search, the active filter and task counts; duplicates and deactivates', async () => {
    const created = (await req('POST', '/api/form', { ...inspection, title: 'استلام موقع' })).json();
    const copy = await req('POST', `/api/form/${created._id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: 'نسخة من استلام موقع', version: 1, fields: created.fields });
    const off = await req('PUT', `/api/form/${copy.json()._id}/active`, { active: false });
    expect(off.json().active).toBe(false);

    const found = (await req('GET', '/api/form?search=استلام')).json();
    expect(found.data.map((f: { title: string }) => f.title).sort()).toEqual([
      'استلام موقع',
      'نسخة من استلام موقع',
    ]);
    expect(found.data[0]).toHaveProperty('taskCount', 0);
    const active = (await req('GET', '/api/form?search=استلام&active=true')).json();
    expect(active.data.map((f: { title: string }) => f.title)).toEqual(['استلام موقع']);
  });

  it('edits in place until a task answers it; then an edit is a new version and the task keeps its own', async () => {
    const form = (await req('POST', '/api/form', { ...inspection, title: 'نموذج الإصدارات' })).json();
    const renamed = {
      ...inspection,
      title: 'نموذج الإصدارات',
      fields: [{ ...inspection.fields[0], label: 'الحالة' }],
    };
    expect((await req('PUT', `/api/form/${form._id}`, renamed)).json()).toMatchObject({
      version: 1,
      fieldCount: 1,
    });

    const task = (
      await req('POST', '/api/task', { title: 'زيارة', assignee: employee.user._id, form: form._id })
    ).json();
    const saved = await req(
      'PUT',
      `/api/task/${task._id}/answers`,
      { answers: { state: 'جيد' } },
      employee.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().formVersion.version).toBe(1);

    const v2 = await req('PUT', `/api/form/${form._id}`, {
      ...renamed,
      fields: [...renamed.fields, { key: 'temp', type: 'number', label: 'الحرارة', min: 0, max: 60 }],
    });
    expect(v2.json()).toMatchObject({
      version: 2,
      fieldCount: 2,
      submissionCount: 1,
      currentVersionAnswered: false,
    });
    const v1 = (await req('GET', `/api/form/${form._id}/versions/1`)).json();
    expect(v1.fields.map((f: { key: string }) => f.key)).toEqual(['state']);

    const pinned = (await req('GET', `/api/task/${task._id}`, undefined, employee.token)).json();
    expect(pinned.formVersion.version).toBe(1);
    expect(pinned.formVersion.fields).toHaveLength(1);
    // An answer for a field only version 2 has is not part of this task's form.
    const submitted = await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: { state: 'جيد', temp: 'x' } },
      employee.token,
    );
    expect(submitted.json()).toMatchObject({ status: 'submitted', answers: { state: 'جيد' } });

    const fresh = (
      await req('POST', '/api/task', { title: 'زيارة ٢', assignee: employee.user._id, form: form._id })
    ).json();
    expect((await req('GET', `/api/task/${fresh._id}`)).json().formVersion.version).toBe(2);
    // No answers yet on version 2: editing again stays version 2.
    expect((await req('PUT', `/api/form/${form._id}`, renamed)).json().version).toBe(2);

    const del = await req('DELETE', `/api/form/${form._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('لاستخدامه في مهمتين');
  });

  it('refuses to delete a form a service uses; deletes an unused one', async () => {
    const form = (await req('POST', '/api/form', { ...inspection, title: 'نموذج خدمة' })).json();
    const service = (
      await req('POST', '/api/service', { name: 'غسيل خزانات', price: '200', form: form._id })
    ).json();
    expect(service.form).toBe(form._id);
    expect((await req('DELETE', `/api/form/${form._id}`)).statusCode).toBe(409);
    await req('PUT', `/api/service/${service._id}`, { name: 'غسيل خزانات', price: '200', form: null });
    const del = await req('DELETE', `/api/form/${form._id}`);
    expect(del.json()).toEqual({ message: 'تم حذف النموذج «نموذج خدمة»' });
    expect((await req('GET', `/api/form/${form._id}`)).statusCode).toBe(404);
    const missing = await req('POST', '/api/service', { name: 'خدمة', price: '1', form: form._id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fieldErrors.form).toBe('النموذج المختار غير موجود');
  });

  it('exports submissions with one column per field over every version', async () => {
    const form = (await req('POST', '/api/form', { ...inspection, title: 'نموذج التصدير' })).json();
    const task = (
      await req('POST', '/api/task', { title: 'مهمة تصدير', assignee: employee.user._id, form: form._id })
    ).json();
    await req(
      'POST',
      `/api/task/${task._id}/submit`,
      { answers: { state: 'يحتاج صيانة', notes: 'تسريب، بسيط' } },
      employee.token,
    );
    await req('PUT', `/api/form/${form._id}`, {
      ...inspection,
      title: 'نموذج التصدير',
      fields: [
        { ...inspection.fields[0], label: 'الحالة العامة' },
        { key: 'ok', type: 'checkbox', label: 'تم' },
      ],
    });
    const res = await req('GET', `/api/form/${form._id}/submissions/export?fileType=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('الحالة العامة');
    expect(lines[0]).toContain('تم');
    expect(lines[0]).toContain('ملاحظات');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('يحتاج صيانة');
    expect(lines[1]).toContain('تسريب، بسيط');
    expect((await req('GET', `/api/form/${form._id}/submissions/export?fileType=xlsx`)).statusCode).toBe(200);
  });
});
