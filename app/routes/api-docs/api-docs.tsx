export default function ApiDocs() { return null; }
