enum _PlaceholderTgtQRCode {}
