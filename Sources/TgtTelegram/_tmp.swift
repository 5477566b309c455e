enum _PlaceholderTgtTelegram {}
