// Tracking
