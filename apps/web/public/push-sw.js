/*
 * Web Push for the installed app (issue 31), loaded into the Workbox service worker (sw.js) by
 * `workbox.importScripts` in vite.config.ts. The server sends {title, body, tag, url} (encrypted on
 * the wire); a tap focuses an open window of the site, or opens one, at that url (same origin only).
 */
const ICON = '/icon-192.png';

/** Only a path on this site: a payload can never send the player elsewhere. */
function sitePath(value) {
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'WPS';
  const tag = typeof data.tag === 'string' && data.tag ? data.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: ICON,
      badge: ICON,
      // One notification per conversation: a newer answer replaces the older, and still alerts.
      tag,
      renotify: Boolean(tag),
      data: { url: sitePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data?.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target.href && 'navigate' in open) {
          try {
            await open.navigate(target.href);
          } catch {
            /* an uncontrolled window cannot be navigated: it is focused, the chat a tap away */
          }
        }
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
