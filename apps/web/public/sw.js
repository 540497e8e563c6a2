// The Broodspace service worker (issue 29), hand-written and small on purpose.
// - Hashed build assets (/assets/*) are cached on first use and served from the cache: their names
//   change with their content, so a cached one is never stale.
// - A page that cannot load because the network is gone shows /offline.html.
// - Nothing else is cached: never an API answer (/api, /trpc), the socket, health or metrics.
// - A push (title, body, url) shows a notification; a click opens or focuses that page.
const VERSION = 'v1';
const ASSETS = `broodspace-assets-${VERSION}`;
const SHELL = `broodspace-shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL_FILES = [OFFLINE_PAGE, '/offline.css', '/icons/icon-192.png', '/favicon.svg'];
const NEVER_CACHED = ['/api/', '/trpc', '/ws', '/healthz', '/metrics'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== ASSETS && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function cachedAsset(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cachedAsset(request));
  else if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
});

self.addEventListener('push', (event) => {
  let push = { title: 'Broodspace', body: '', url: '/dashboard' };
  try {
    push = { ...push, ...event.data.json() };
  } catch {
    // Not JSON: the generic notice still tells the player to look.
  }
  event.waitUntil(
    self.registration.showNotification(push.title, { body: push.body, icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: push.url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin);
  // Only pages of this game: a push can never send the player elsewhere.
  const url = target.origin === self.location.origin ? target.href : `${self.location.origin}/dashboard`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.focus().then((w) => w.navigate(url)) : self.clients.openWindow(url);
    }),
  );
});
