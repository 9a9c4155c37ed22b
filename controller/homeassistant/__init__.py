"""Home Assistant discovery: the board announces itself over MQTT as one device.

``entities`` says what the device shows and offers (the discovery configs), ``snapshot`` what
it shows now (from the public state: nothing hidden), ``bridge`` keeps the connection, sends
both and turns a button press into the same order the page sends.
"""
