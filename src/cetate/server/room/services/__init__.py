"""The table's services, one request family each: seats and invites (`seats.py`), chat (`chat.py`), taking a
move back (`takeback.py`), hints (`hints.py`), records, replays and reviews (`review.py`)."""
