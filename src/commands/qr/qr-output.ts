// What the QR code commands print: a QR code (its view) and its --fields catalogue.

export const qrFields = { schema: () => import('../../api/schemas/qr.js').then((m) => m.QrCode) };

export const qrView = async () => (await import('../../output/views/qr.js')).qrView;
