print("sprite-theme")
