import { z } from 'zod';

// Imported first by main.tsx, before any module that parses. The server's Content-Security-Policy
// allows no eval: zod's compiled parsers probe `Function('')` on the first parse (a reported CSP
// violation, even though zod then falls back); its interpreted parsers need no eval.
z.config({ jitless: true });
