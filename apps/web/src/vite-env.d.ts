/// <reference types="vite/client" />

declare module 'virtual:wps-theme.css';
