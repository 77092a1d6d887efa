// The headless view host lands with its issue.
