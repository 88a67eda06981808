// Entry of the standalone page (own dev server). asyncStartup lets this import shared modules
// directly: the federation runtime resolves them before this module runs.
import { createRoot } from 'react-dom/client';
import { Standalone } from './standalone';

const container = document.getElementById('root');
if (container) createRoot(container).render(<Standalone />);
