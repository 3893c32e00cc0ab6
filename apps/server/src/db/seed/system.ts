import type { Services } from '../../services.ts';

const DEMO_CONTACTS = [
  { csPosition: 'LIVECHAT', title: 'Live chat', url: '/help#livechat', sort: 0 },
  { csPosition: 'TELEGRAM1', title: 'Telegram', url: 'https://t.me/wps_support', sort: 1 },
  { csPosition: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/9779800000000', sort: 2 },
  { csPosition: 'FACEBOOK1', title: 'Facebook', url: 'https://facebook.com/wps', sort: 3 },
];

const DEMO_RESOURCES = [
  { resourceType: 'APP', labelNameEn: 'Android', url: '/download/android', sort: 0 },
  { resourceType: 'APP', labelNameEn: 'iOS', url: '/download/ios', sort: 1 },
  { resourceType: 'CONTACT', labelNameEn: 'WHATSAPP', url: 'https://wa.me/9779800000000', sort: 0 },
];

export async function seedSystem({ system }: Services): Promise<boolean> {
  const permission = await system.permission('127.0.0.1');
  if (permission.info.customerService.length > 0) return false;
  for (const c of DEMO_CONTACTS) await system.addCustomerService(c);
  for (const r of DEMO_RESOURCES) await system.addResource(r);
  return true;
}
