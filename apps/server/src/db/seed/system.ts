import type { Services } from '../../services.ts';

/**
 * No live chat: the demo has none (another issue builds one), so no LIVECHAT entry. The menus
 * link to the help centre themselves, as "Help and contact", with the support hours.
 */
const DEMO_CONTACTS = [
  { csPosition: 'TELEGRAM1', title: 'Telegram', url: 'https://t.me/wps_support', sort: 1 },
  { csPosition: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/9779800000000', sort: 2 },
  { csPosition: 'FACEBOOK1', title: 'Facebook', url: 'https://facebook.com/wps', sort: 3 },
];

const DEMO_RESOURCES = [
  { resourceType: 'APP', labelNameEn: 'Android', url: '/download/android', sort: 0 },
  { resourceType: 'APP', labelNameEn: 'iOS', url: '/download/ios', sort: 1 },
  { resourceType: 'CONTACT', labelNameEn: 'WHATSAPP', url: 'https://wa.me/9779800000000', sort: 0 },
];

/** Earlier demo seeds listed the help text as "Live chat"; a demo database still holding it drops it. */
async function retireDemoLiveChat({ systemContacts }: Services): Promise<boolean> {
  let changed = false;
  for (const c of await systemContacts.contacts()) {
    if (c.csPosition !== 'LIVECHAT' || c.title !== 'Live chat' || c.url !== '/help#livechat') continue;
    await systemContacts.deleteContact(c.id);
    changed = true;
  }
  return changed;
}

export async function seedSystem(services: Services): Promise<boolean> {
  const { system } = services;
  const permission = await system.permission('127.0.0.1');
  if (permission.info.customerService.length > 0) return retireDemoLiveChat(services);
  for (const c of DEMO_CONTACTS) await system.addCustomerService(c);
  for (const r of DEMO_RESOURCES) await system.addResource(r);
  return true;
}
