import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AdminApp } from './admin-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// real paths under /admin (the server answers index.html for each), react-admin routes below them
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
