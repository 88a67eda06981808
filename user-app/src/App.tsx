import { Route, Routes } from 'react-router-dom';

/** Placeholder until the user-app screens land: the routes under /user/*. */
export default function App() {
  return (
    <Routes>
      <Route path="*" element={<p>user-app</p>} />
    </Routes>
  );
}
