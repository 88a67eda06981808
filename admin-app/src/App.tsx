import { Route, Routes } from 'react-router-dom';

/** Placeholder until the admin-app screens land: the routes under /admin/*. */
export default function App() {
  return (
    <Routes>
      <Route path="*" element={<p>admin-app</p>} />
    </Routes>
  );
}
