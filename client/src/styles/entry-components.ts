// The Mantine styles of the components the entry bundle renders: the login screen, its footer, the page
// loader and the route error screen; and those of the staff frame drawn from the page before any script
// (Burger, Indicator, ThemeIcon and the skip link, decision 030). Only these load with the first page
// (issue 8: ≤ 15 KB gzip of CSS on the login route); every other screen brings the whole stylesheet with its
// code (all-components.ts).
// Layered (@layer mantine), so our own CSS modules win whatever order the sheets arrive in; listed in the
// order of Mantine's full stylesheet, as later rules in one layer win. Add a component here when the entry
// starts rendering it (the login journey's screenshot shows a missing one at once).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
// The theme's own variables (primary shade, dimmed text, cursor), after Mantine's defaults and unlayered, as
// Mantine's provider would have written them at run time (app/provider.tsx, decision 027).
import './theme-variables.css';
// The signed-in frame's skip link, hidden until focused, and the frame itself (components/layout/app-layout.tsx).
import '../components/layout/skip-link.css';
import '../components/layout/app-layout.css';
