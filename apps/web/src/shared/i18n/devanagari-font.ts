// Devanagari subset only (the Latin script uses the system face), in the two weights the UI uses.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
