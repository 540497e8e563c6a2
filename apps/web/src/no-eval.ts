import { z } from 'zod';

// Imported first by the lazily loaded signed-in routes (authenticated-layout, notifications), before any
// module that parses; /login and /register build no schema, so they load no zod at all. The server's Content-Security-Policy
// allows no eval: zod's compiled parsers probe `Function('')` on the first parse (a reported CSP
// violation, even though zod then falls back); its interpreted parsers need no eval.
z.config({ jitless: true });
