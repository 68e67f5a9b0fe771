// The app's first step (main.tsx): React, React DOM and the rest of the `framework` chunk,
// evaluated before the rest of the app.
// Nothing uses these names from here; importing them is what evaluates the libraries.
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
