/** Realistic Saudi names for demo data and benchmarks. */
export const firstNames = [
  'محمد',
  'أحمد',
  'عبدالله',
  'فهد',
  'سارة',
  'نورة',
  'خالد',
  'ريم',
  'سلطان',
  'هند',
  'ماجد',
  'لمى',
  'تركي',
  'منيرة',
];
export const lastNames = [
  'العتيبي',
  'القحطاني',
  'الشهري',
  'الزهراني',
  'الغامدي',
  'الدوسري',
  'المطيري',
  'الحربي',
  'السبيعي',
];
export const jobTitles = ['فني صيانة', 'فني تكييف', 'مشرف ميداني', 'مندوب مبيعات', 'خدمة عملاء'];

/** The i-th demo name: first and family names cycled so neighbours differ. */
export const demoName = (i: number) =>
  `${firstNames[i % firstNames.length]} ${lastNames[(i * 5 + 3) % lastNames.length]}`;
