enum _PlaceholderTgtStore {}
