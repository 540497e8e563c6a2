/** Every Mantine component's styles, layered like login-styles.ts: loaded with the signed-in pages and the public Hall of Fame page. */
import '@mantine/core/styles.layer.css';
