// Every Mantine component's styles, loaded with the code of each screen past the login (app/router.tsx),
// so a screen never renders a component whose styles are missing. Layered like entry-components.ts.
import '@mantine/core/styles.layer.css';
