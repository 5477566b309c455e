enum _PlaceholderTgtSimulator {}
